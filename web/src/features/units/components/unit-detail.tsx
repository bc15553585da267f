import { Alert, Card, Flex, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { formatLocation } from '@repo/types';
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorPanel } from '@/components/feedback/error-panel';
import { InlineSpinner } from '@/components/feedback/inline-spinner';
import { paths } from '@/config/paths';
import { loadFailureMessage } from '@/lib/api/api-error';
import { lazyNamed } from '@/lib/lazy';
import { useUnitRemoved } from '@/lib/live/live-status';
import { useUnit } from '../api/get-unit';
import { LIVE_UNITS_TEXT, UNIT_DETAIL_TEXT } from '../utils/messages';
import { StatusBadge } from './status-badge';
import { UnitAdminTools } from './unit-admin-tools';
import { UnitCarousel } from './unit-carousel';
import { UnitHistory } from './unit-history';
import { UnitInfo } from './unit-info';

// The edit form is an admin's: it (react-hook-form, the checks, the images fields) stays out of an agent's download.
const UnitEditForm = lazyNamed(() => import('./unit-edit-form'), 'UnitEditForm');

export interface UnitDetailProps {
  mode: 'admin' | 'agent';
  unitId: string;
  /** ?edit=true: open with the edit form (admins only). */
  startEditing?: boolean;
}

/** /admin/units/:unitId and /agent/units/:unitId (spec §2 Unit detail); the admin tools only in admin mode. */
export const UnitDetail = ({ mode, unitId, startEditing = false }: UnitDetailProps) => {
  const isAdmin = mode === 'admin';
  const navigate = useNavigate();
  const { unit, error, isLoading, reload } = useUnit(unitId);
  // The edit form starts afresh from the stored unit only after 'Reload' (a stale save): keyed on a
  // save's new revision, it would remount while its images are still uploading.
  const [formGeneration, setFormGeneration] = useState(0);
  const [editing, setEditing] = useState(isAdmin && startEditing);
  const dashboard = paths.dashboard(mode);
  // A live event said the unit left this viewer's view: the page stays, and says so.
  const removed = useUnitRemoved(unitId);

  if (error)
    return (
      <ErrorPanel
        message={loadFailureMessage(error, UNIT_DETAIL_TEXT.loadFailed, UNIT_DETAIL_TEXT.notFound)}
        actionLabel={UNIT_DETAIL_TEXT.returnToDashboard}
        actionHref={dashboard}
      />
    );
  if (isLoading || !unit) {
    return (
      <Text color="fg.muted" role="status" py="16" textAlign="center">
        {UNIT_DETAIL_TEXT.loading}
      </Text>
    );
  }

  const projectHref = unit.project ? (isAdmin ? paths.adminProject(unit.project.id) : paths.agentProject(unit.project.id)) : null;
  const title = UNIT_DETAIL_TEXT.title(unit);

  return (
    <Stack gap="6">
      <ChakraLink asChild color="brand.fg" alignSelf="flex-start">
        <Link to={projectHref ?? dashboard}>← {projectHref ? UNIT_DETAIL_TEXT.backToProject : UNIT_DETAIL_TEXT.backToDashboard}</Link>
      </ChakraLink>
      {removed && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{isAdmin ? LIVE_UNITS_TEXT.unitGoneAdmin : LIVE_UNITS_TEXT.unitGone}</Alert.Title>
        </Alert.Root>
      )}
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Stack gap="1">
          <Flex align="center" gap="3">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            <StatusBadge status={unit.status} size="lg" />
          </Flex>
          {unit.project && (
            <Text color="fg.muted">
              {unit.project.name} · {formatLocation(unit.project.location)}
            </Text>
          )}
        </Stack>
        {isAdmin && (
          <UnitAdminTools
            unit={unit}
            editing={editing}
            onEdit={() => setEditing(true)}
            onDeleted={() => navigate(projectHref ?? dashboard, { replace: true })}
          />
        )}
      </Flex>
      {editing ? (
        <Card.Root>
          <Card.Body>
            <Suspense fallback={<InlineSpinner label={UNIT_DETAIL_TEXT.loadingForm} />}>
              <UnitEditForm
                key={`${unit.id}-${formGeneration}`}
                unit={unit}
                onCancel={() => setEditing(false)}
                onSaved={() => setEditing(false)}
                onReload={() => void reload().then(() => setFormGeneration((generation) => generation + 1))}
              />
            </Suspense>
          </Card.Body>
        </Card.Root>
      ) : (
        // minmax(0, …): a column is as narrow as the screen, not as wide as the carousel's row of
        // thumbnails (which scrolls inside it); '1fr' alone would widen the page on a phone.
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
          <UnitCarousel images={unit.images} title={title} />
          <Card.Root>
            <Card.Body>
              <UnitInfo unit={unit} />
            </Card.Body>
          </Card.Root>
        </Grid>
      )}
      {isAdmin && <UnitHistory unitId={unit.id} visibleTo={unit.project?.visibleTo ?? null} />}
    </Stack>
  );
};
