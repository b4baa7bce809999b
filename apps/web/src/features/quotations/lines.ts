/** The line editor's model lives in the shared document kit (quotations, orders, invoices use it). */
export * from '@/shared/documents/lines';
