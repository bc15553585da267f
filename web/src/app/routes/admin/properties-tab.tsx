import { AdminProperties } from '@/features/projects/components/admin-properties';

export const PropertiesTab = () => <AdminProperties />;
