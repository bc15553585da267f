import { Button, Table } from '@chakra-ui/react';
import type { SortKey, SortState } from '../utils/unit-table';

export interface SortHeaderProps {
  column: SortKey;
  label: string;
  sort: SortState;
  onSort: (key: SortKey) => void;
  numeric?: boolean;
}

/** A column header that sorts by its column on click, toggling ascending and descending. */
export const SortHeader = ({ column, label, sort, onSort, numeric }: SortHeaderProps) => {
  const active = sort.key === column;
  const direction = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.ColumnHeader aria-sort={direction} textAlign={numeric ? 'end' : 'start'}>
      <Button variant="ghost" size="xs" px="1" fontWeight="semibold" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </Button>
    </Table.ColumnHeader>
  );
};
