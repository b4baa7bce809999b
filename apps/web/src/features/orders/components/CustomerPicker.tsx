/** The picker lives with the other document pieces; the order form keeps importing it from here. */
export { CustomerPicker } from '@/shared/documents/CustomerPicker';
