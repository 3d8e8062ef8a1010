/** /admin/*: the admin frame (admins only) around the admin pages. */
export { AdminLayout } from '../../features/admin';
