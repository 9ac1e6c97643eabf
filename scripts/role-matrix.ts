import { roleMatrixMarkdown } from '../server/access/matrix';

console.log(roleMatrixMarkdown());
