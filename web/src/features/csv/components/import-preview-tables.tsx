import { Badge, Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ImportPreview } from '../utils/import-preview';
import { IMPORT_EXPORT_TEXT as TEXT } from '../utils/messages';

/** A preview lists this many rows per table; the counts above it cover the whole file. */
export const PREVIEW_ROWS_SHOWN = 100;

const cell = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

const Scroll = ({ label, children }: { label: string; children: React.ReactNode }) => (
  // A scrolling region must be reachable by keyboard to be scrolled: it takes the focus itself.
  <Box maxH="260px" overflow="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
    {children}
  </Box>
);

const Shown = ({ total }: { total: number }) =>
  total > PREVIEW_ROWS_SHOWN ? (
    <Text fontSize="sm" color="fg.muted">
      {TEXT.shownOf(PREVIEW_ROWS_SHOWN, total)}
    </Text>
  ) : null;

/** The preview of an import: counts, then the rows to create and the rows with errors (row number, field, message). */
export const ImportPreviewTables = ({ preview }: { preview: ImportPreview }) => {
  const { units, problems, failedRows, existingRows } = preview;
  return (
    <Stack gap="4">
      <Heading as="h4" size="sm">
        {TEXT.previewHeading(preview.fileName)}
      </Heading>
      <HStack gap="2" wrap="wrap" aria-live="polite">
        <Badge colorPalette="green" size="lg">
          {TEXT.rowsToCreate(units.length)}
        </Badge>
        {failedRows > 0 && (
          <Badge colorPalette="red" size="lg">
            {TEXT.rowsWithErrors(failedRows)}
          </Badge>
        )}
        {existingRows.size > 0 && (
          <Badge colorPalette="orange" size="lg">
            {TEXT.alreadyExist(existingRows.size)}
          </Badge>
        )}
      </HStack>

      {problems.length > 0 && (
        <Stack gap="2">
          <Scroll label={TEXT.errorTableLabel}>
            <Table.Root size="sm" stickyHeader aria-label={TEXT.errorTableLabel}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{TEXT.columns.row}</Table.ColumnHeader>
                  <Table.ColumnHeader>{TEXT.columns.field}</Table.ColumnHeader>
                  <Table.ColumnHeader>{TEXT.columns.message}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {problems.slice(0, PREVIEW_ROWS_SHOWN).map((problem, index) => (
                  <Table.Row key={`${problem.row}-${problem.field}-${index}`}>
                    <Table.Cell>{problem.row}</Table.Cell>
                    <Table.Cell>{problem.field}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" wrap="wrap">
                        <Text>{problem.message}</Text>
                        {existingRows.has(problem.row) && problem.field === 'unitNumber' && <Badge colorPalette="orange">{TEXT.alreadyExists}</Badge>}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Scroll>
          <Shown total={problems.length} />
        </Stack>
      )}

      {units.length > 0 && (
        <Stack gap="2">
          <Scroll label={TEXT.createTableLabel}>
            <Table.Root size="sm" stickyHeader aria-label={TEXT.createTableLabel}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{TEXT.columns.row}</Table.ColumnHeader>
                  <Table.ColumnHeader>{TEXT.columns.unitNumber}</Table.ColumnHeader>
                  <Table.ColumnHeader>{TEXT.columns.unitType}</Table.ColumnHeader>
                  <Table.ColumnHeader>{TEXT.columns.floor}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{TEXT.columns.price}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{TEXT.columns.area}</Table.ColumnHeader>
                  <Table.ColumnHeader>{TEXT.columns.status}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {units.slice(0, PREVIEW_ROWS_SHOWN).map((unit) => (
                  <Table.Row key={unit.row}>
                    <Table.Cell>{unit.row}</Table.Cell>
                    <Table.Cell>{unit.unitNumber}</Table.Cell>
                    <Table.Cell>{cell(unit.unitType)}</Table.Cell>
                    <Table.Cell>{cell(unit.floor)}</Table.Cell>
                    <Table.Cell textAlign="end">{cell(unit.price)}</Table.Cell>
                    <Table.Cell textAlign="end">{cell(unit.area)}</Table.Cell>
                    <Table.Cell>{unit.status ?? 'available'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Scroll>
          <Shown total={units.length} />
        </Stack>
      )}
    </Stack>
  );
};
