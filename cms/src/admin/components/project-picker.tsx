import { useEffect, useState } from 'react';
import { Field, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';

interface ProjectPickerProps {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  value?: number | string | null;
  onChange: (name: string, value: number | null) => void;
}

interface ProjectOption {
  id: number;
  name: string;
  location: string | null;
}

const PROJECTS = '/content-manager/collection-types/api::project.project?page=1&pageSize=1000&sort=name:ASC&fields[0]=name&fields[1]=location';

/** The projects by name (with their location), for the unit's projectId: staff no longer need to know ids. */
export const ProjectPicker = ({ name, label, hint, required, disabled, error, value, onChange }: ProjectPickerProps) => {
  const { get } = useFetchClient();
  const [projects, setProjects] = useState<ProjectOption[]>([]);

  useEffect(() => {
    let live = true;
    get<{ results: ProjectOption[] }>(PROJECTS).then(({ data }) => {
      if (live) setProjects(data.results);
    });
    return () => {
      live = false;
    };
  }, [get]);

  const selected = value === null || value === undefined || value === '' ? undefined : String(value);
  return (
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Field.Label>{label}</Field.Label>
      <SingleSelect
        placeholder="Choose a project"
        value={selected}
        disabled={disabled}
        onChange={(next: string | number) => onChange(name, next === undefined || next === '' ? null : Number(next))}
      >
        {projects.map((project) => (
          <SingleSelectOption key={project.id} value={String(project.id)}>
            {project.location ? `${project.name} (${project.location})` : project.name}
          </SingleSelectOption>
        ))}
      </SingleSelect>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
};
