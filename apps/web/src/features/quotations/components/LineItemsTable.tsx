export { LineItemsTable } from '@/shared/documents/LineItemsTable';
