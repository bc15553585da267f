import { Checkbox, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES } from '@repo/types';
import { ProjectSelect } from '@/components/forms/project-select';
import { SALE_STATUS_LABELS, SOLD_UNITS_TEXT } from '../utils/messages';

export interface SoldUnitFilterValues {
  projectId: string;
  saleStatus: string;
  archived: boolean;
  overdue: boolean;
}

export interface SoldUnitFiltersProps {
  values: SoldUnitFilterValues;
  projects: readonly { id: number; name: string }[];
  onChange: (values: SoldUnitFilterValues) => void;
}

const SALE_STATUSES = [...new Set([...REGISTRATION_STATUSES, ...HANDOVER_STATUSES, ...PAYMENT_STATUSES])];

/** Project, sale status, show archived (either the non-archived or only the archived), and overdue only. */
export const SoldUnitFilters = ({ values, projects, onChange }: SoldUnitFiltersProps) => (
  <Stack gap="3">
    <HStack gap="3" align="end" wrap="wrap">
      <Field.Root flex="1" minW="40">
        <Field.Label>Project</Field.Label>
        <ProjectSelect projects={projects} value={values.projectId} onValueChange={(projectId) => onChange({ ...values, projectId })} />
      </Field.Root>
      <Field.Root flex="1" minW="40">
        <Field.Label>Status</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={values.saleStatus} onChange={(event) => onChange({ ...values, saleStatus: event.target.value })}>
            <option value="">{SOLD_UNITS_TEXT.anyStatus}</option>
            {SALE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SALE_STATUS_LABELS[status] ?? status}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
    <HStack gap="5" wrap="wrap">
      <Checkbox.Root checked={values.archived} onCheckedChange={(details) => onChange({ ...values, archived: details.checked === true })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{SOLD_UNITS_TEXT.showArchived}</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root checked={values.overdue} onCheckedChange={(details) => onChange({ ...values, overdue: details.checked === true })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{SOLD_UNITS_TEXT.overdueOnly}</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  </Stack>
);
