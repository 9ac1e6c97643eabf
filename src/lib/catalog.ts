import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from './api';

/** The marketplace's categories (the app wizard's details, the bundle form). */
export const categoriesQuery = queryOptions({ queryKey: ['categories'], queryFn: async () => unwrap(await tsr.catalog.categories.query()) });
