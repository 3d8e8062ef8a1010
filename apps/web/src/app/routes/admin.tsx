/** /admin/*: the admin frame (admins only) around the four admin pages. */
export { AdminLayout } from '../../features/admin/components/admin-layout';
