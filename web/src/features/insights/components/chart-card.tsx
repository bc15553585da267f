import { Box, Button, Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { csvFileText, downloadTextFile } from '@/lib/download';
import { csvFileName, tableCsv, type InsightsTable } from '../utils/insights-tables';

export interface ChartCardProps {
  title: string;
  /** One sentence on what the chart shows. */
  description: string;
  table: InsightsTable;
  /** The CSV file's middle name: insights_{csvName}_{date}.csv */
  csvName: string;
  /** Shown instead of the chart when the table has no rows. */
  emptyText: string;
  /** How a value cell reads in the table (a percentage, an amount). */
  format?: (key: string, value: string | number | null) => string;
  /** Nothing worth drawing (default: no rows); the empty text shows instead. */
  empty?: boolean;
  children: ReactNode;
}

const plain = (_key: string, value: string | number | null) => (value === null ? '–' : typeof value === 'number' ? value.toLocaleString('en-US') : value);

/**
 * A chart with its table: the drawing is for the eye (hidden from assistive technology), the table
 * holds the same numbers for screen readers, visually hidden until 'Show table' reveals it, and
 * 'Download CSV' saves them.
 */
export const ChartCard = ({ title, description, table, csvName, emptyText, format = plain, empty = table.rows.length === 0, children }: ChartCardProps) => {
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const headingId = useId();
  const download = () => downloadTextFile(csvFileName(csvName, new Date()), csvFileText(tableCsv(table)));
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm" variant="outline" minW="0">
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Box minW="0">
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {description}
            </Text>
          </Box>
          {!empty && (
            <HStack gap="2">
              <Button size="xs" variant="outline" aria-expanded={shown} aria-controls={tableId} onClick={() => setShown((value) => !value)}>
                {shown ? 'Hide table' : 'Show table'}
              </Button>
              <Button size="xs" variant="outline" onClick={download} aria-label={`Download CSV: ${title}`}>
                Download CSV
              </Button>
            </HStack>
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {empty ? (
          <Text color="fg.muted" py="6" textAlign="center">
            {emptyText}
          </Text>
        ) : (
          <>
            <Box aria-hidden="true" data-testid="insights-chart" hidden={shown}>
              {children}
            </Box>
            {/* Scrolls sideways only when on screen: visually hidden, it must stay clipped (no scroll box a keyboard cannot reach). */}
            <Box id={tableId} srOnly={!shown} overflowX={shown ? 'auto' : undefined}>
              <Table.Root size="sm" variant="line" striped>
                <Table.Caption srOnly>{title}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    {table.columns.map((column) => (
                      <Table.ColumnHeader key={column.key} scope="col">
                        {column.label}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {table.rows.map((row, index) => (
                    <Table.Row key={index}>
                      {table.columns.map((column, position) =>
                        position === 0 ? (
                          <Table.Cell key={column.key} as="th" scope="row" fontWeight="medium">
                            {format(column.key, row[column.key])}
                          </Table.Cell>
                        ) : (
                          <Table.Cell key={column.key}>{format(column.key, row[column.key])}</Table.Cell>
                        ),
                      )}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
};
