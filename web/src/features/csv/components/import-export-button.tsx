import { Button } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { IMPORT_EXPORT_TEXT as TEXT } from '../utils/messages';
import { ImportExportDialog, type ImportExportDialogProps } from './import-export-dialog';

/** The project page's 'Import/Export' button and the modal it opens (admins only). */
export const ImportExportButton = (props: Omit<ImportExportDialogProps, 'open' | 'onClose'>) => {
  const [open, setOpen] = useState(false);
  const handleClose = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {TEXT.open}
      </Button>
      <ImportExportDialog open={open} onClose={handleClose} {...props} />
    </>
  );
};
