import { Button } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { NOTIFICATION_TEXT as TEXT } from '../utils/messages';
import { NotificationDialog, type NotificationDialogProps } from './notification-dialog';

/** 'Send Email Notification' in the selection bar, and the modal it opens (admins only). */
export const NotificationButton = (props: Omit<NotificationDialogProps, 'open' | 'onClose'>) => {
  const [open, setOpen] = useState(false);
  const handleClose = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setOpen(true)}>
        {TEXT.open}
      </Button>
      <NotificationDialog open={open} onClose={handleClose} {...props} />
    </>
  );
};
