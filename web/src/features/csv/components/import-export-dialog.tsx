import { Alert, Box, Button, Checkbox, Dialog, Heading, HStack, Progress, Separator, Stack, Text } from '@chakra-ui/react';
import { CSV_TEMPLATE_FILE_NAME, csvExportFileName } from '@repo/types';
import { memo, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { FormError } from '@/components/feedback/form-error';
import { Modal } from '@/components/ui/modal';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api/api-error';
import { downloadTextFile } from '@/lib/download';
import { getExportRows } from '../api/export-units';
import { useImportUnits } from '../api/import-units';
import { exportCsvText, templateCsvText } from '../utils/export-file';
import { readImportFile, type ImportPreview } from '../utils/import-preview';
import { IMPORT_EXPORT_TEXT as TEXT } from '../utils/messages';
import { ImportPreviewTables } from './import-preview-tables';

/** One part of the dialog (template, import, export): a titled region with its help line. */
const Section = ({ heading, help, children }: { heading: string; help: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Stack gap="3" as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" id={headingId}>
        {heading}
      </Heading>
      <Text color="fg.muted">{help}</Text>
      {children}
    </Stack>
  );
};

export interface ImportExportDialogProps {
  open: boolean;
  projectId: number;
  /** The unit numbers already in the project, flagged in the preview. */
  existingUnitNumbers: readonly string[];
  onClose: () => void;
}

type FileState = { kind: 'none' } | { kind: 'reading' } | { kind: 'refused'; message: string } | { kind: 'preview'; file: File; preview: ImportPreview };

const ImportSection = ({ projectId, existingUnitNumbers, onImported }: Omit<ImportExportDialogProps, 'open' | 'onClose'> & { onImported: () => void }) => {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FileState>({ kind: 'none' });
  const [notifyAgents, setNotifyAgents] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { importUnits, progress } = useImportUnits(projectId);
  const busy = progress.phase !== 'idle';

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire a change: forget the input's value.
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setState({ kind: 'reading' });
    const outcome = await readImportFile(file, existingUnitNumbers);
    setState(outcome.ok ? { kind: 'preview', file, preview: outcome.preview } : { kind: 'refused', message: outcome.message });
  };

  const handleImport = async () => {
    if (state.kind !== 'preview') return;
    setFailure(null);
    try {
      const result = await importUnits({ file: state.file, skipInvalid: state.preview.failedRows > 0, notifyAgents });
      const title = TEXT.imported(result.imported, result.failed);
      if (result.failed > 0) toaster.warning({ title });
      else toaster.success({ title });
      onImported();
    } catch (cause) {
      setFailure(errorMessage(cause, TEXT.importFailed));
    }
  };

  const preview = state.kind === 'preview' ? state.preview : null;
  const importable = preview?.units.length ?? 0;
  return (
    <Section heading={TEXT.importHeading} help={TEXT.importHelp}>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={TEXT.chooseFile}
        onChange={(event) => void handleFile(event)}
        data-testid="csv-file-input"
      />
      <HStack>
        <Button variant="outline" onClick={() => input.current?.click()} disabled={busy} loading={state.kind === 'reading'} loadingText={TEXT.reading}>
          {preview ? TEXT.chooseAnother : TEXT.chooseFile}
        </Button>
      </HStack>
      {state.kind === 'refused' && <FormError message={state.message} />}
      {preview && (
        <Stack gap="3">
          {preview.refusal && (
            <Alert.Root status={importable > 0 ? 'warning' : 'error'}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{preview.refusal}</Alert.Title>
                {importable === 0 && <Alert.Description>{TEXT.nothingToImport}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}
          <ImportPreviewTables preview={preview} />
          <Checkbox.Root checked={notifyAgents} onCheckedChange={(details) => setNotifyAgents(details.checked === true)} disabled={busy} colorPalette="brand">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{TEXT.notifyAgents}</Checkbox.Label>
          </Checkbox.Root>
          {busy && (
            <Progress.Root value={progress.phase === 'uploading' ? progress.percent : null} colorPalette="brand" size="sm">
              <Progress.Label mb="1">{progress.phase === 'uploading' ? TEXT.uploading(progress.percent) : TEXT.importing}</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <FormError message={failure} />
          {importable > 0 && (
            <HStack justify="flex-end">
              <Button colorPalette="brand" onClick={() => void handleImport()} loading={busy} loadingText={TEXT.importing}>
                {preview.failedRows > 0 ? TEXT.importValid(importable) : TEXT.importAll(importable)}
              </Button>
            </HStack>
          )}
        </Stack>
      )}
    </Section>
  );
};

const ExportSection = ({ projectId }: { projectId: number }) => {
  const [exporting, setExporting] = useState(false);
  const handleExport = async () => {
    setExporting(true);
    try {
      let rows;
      try {
        rows = await getExportRows(projectId);
      } catch (cause) {
        toaster.error({ title: errorMessage(cause, TEXT.loadForExportFailed) });
        return;
      }
      if (rows.length === 0) {
        toaster.info({ title: TEXT.noUnitsToExport });
        return;
      }
      try {
        downloadTextFile(csvExportFileName(projectId, new Date()), exportCsvText(rows));
        toaster.success({ title: TEXT.exported });
      } catch {
        toaster.error({ title: TEXT.exportFailed });
      }
    } finally {
      setExporting(false);
    }
  };
  return (
    <Section heading={TEXT.exportHeading} help={TEXT.exportHelp}>
      <Box>
        <Button variant="outline" onClick={() => void handleExport()} loading={exporting} loadingText={TEXT.exporting}>
          {TEXT.exportButton}
        </Button>
      </Box>
    </Section>
  );
};

/** 'Import/Export Units' on the project page (spec §2): the template, an import with a preview, and the export. */
export const ImportExportDialog = memo(({ open, projectId, existingUnitNumbers, onClose }: ImportExportDialogProps) => (
  <Modal open={open} title={TEXT.title} onClose={onClose} size="xl">
    <Dialog.Body pb="6">
      <Stack gap="6">
        <Section heading={TEXT.templateHeading} help={TEXT.templateHelp}>
          <Box>
            <Button variant="outline" onClick={() => downloadTextFile(CSV_TEMPLATE_FILE_NAME, templateCsvText())}>
              {TEXT.downloadTemplate}
            </Button>
          </Box>
        </Section>
        <Separator />
        <ImportSection projectId={projectId} existingUnitNumbers={existingUnitNumbers} onImported={onClose} />
        <Separator />
        <ExportSection projectId={projectId} />
      </Stack>
    </Dialog.Body>
  </Modal>
));
ImportExportDialog.displayName = 'ImportExportDialog';
