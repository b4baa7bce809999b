import { FileAddOutlined } from '@ant-design/icons';
import type { InquiryCustomerAnswer } from '@quayside/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/shared/notify';
import { post } from '@/shared/request';

/**
 * "Create quotation" from an inquiry email, on the inquiry list and on the email page: the server
 * finds the customer (linked, matched by the sender's address, or made from the sender), then the
 * create screen opens for that customer, linked back to the inquiry.
 */
export function CreateQuotationFromInquiry({
  emailId,
  type = 'link',
  size,
}: {
  emailId: number;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useMutation({
    mutationFn: () => post<InquiryCustomerAnswer>('/inquiry/customer/', { email_id: emailId }),
    onSuccess: ({ customer_id, created }) => {
      if (created) {
        notify.message('info', t('quotations.customerFromSender'));
        // The email, the inquiry list and the customer list now name the customer.
        for (const key of ['email', 'inquiries', 'customers'])
          void queryClient.invalidateQueries({ queryKey: [key] });
      }
      navigate(`/order/createQuotation?inquiry_email_id=${emailId}&customer_id=${customer_id}`);
    },
  });
  return (
    <Button
      type={type}
      size={size}
      icon={type === 'link' ? undefined : <FileAddOutlined />}
      loading={customer.isPending}
      onClick={() => customer.mutate()}
      className={type === 'link' ? 'inquiry-list__create' : undefined}
    >
      {t('quotations.createFromInquiry')}
    </Button>
  );
}
