import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '../features/admin-dashboard/Dashboard';

export const Route = createFileRoute('/publisher/admin/')({ component: Dashboard });
