import { NativeSelect } from '@chakra-ui/react';

export interface ProjectSelectProps {
  projects: readonly { id: number; name: string }[];
  /** The chosen project's id as text; '' for all of them. */
  value: string;
  onValueChange: (value: string) => void;
}

/** A filter bar's Project select (in its Field, whose label names it): all projects, or one. */
export const ProjectSelect = ({ projects, value, onValueChange }: ProjectSelectProps) => (
  <NativeSelect.Root size="sm">
    <NativeSelect.Field value={value} onChange={(event) => onValueChange(event.target.value)}>
      <option value="">All projects</option>
      {projects.map((project) => (
        <option key={project.id} value={String(project.id)}>
          {project.name}
        </option>
      ))}
    </NativeSelect.Field>
    <NativeSelect.Indicator />
  </NativeSelect.Root>
);
