import { Button, HStack, Menu } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InfoTooltip } from '@/components/ui/info-tooltip';
import { useLinkImages } from '../hooks/use-link-images';
import { IMAGES_TEXT } from '../utils/messages';

export interface UnitImagesToolbarProps {
  projectId: number | string;
  /** The unit types of the project, in the screen's order: one 'Unlink {type} Units' each. */
  types: readonly string[];
}

type Pending = { kind: 'link' } | { kind: 'unlink'; type?: string };

const ALL = '__all__';

/** 'Link Images', the 'Unlink Images' menu and the help (spec §2), each confirmed before it runs (spec §5). */
export const UnitImagesToolbar = ({ projectId, types }: UnitImagesToolbarProps) => {
  const { busy, link, unlink } = useLinkImages(projectId);
  const [pending, setPending] = useState<Pending | null>(null);

  const handleConfirm = async () => {
    if (!pending) return;
    if (pending.kind === 'link') await link();
    else await unlink(pending.type);
    setPending(null);
  };

  let question = '';
  if (pending?.kind === 'link') question = IMAGES_TEXT.linkConfirm;
  else if (pending) question = pending.type === undefined ? IMAGES_TEXT.unlinkAllConfirm : IMAGES_TEXT.unlinkTypeConfirm(pending.type);

  return (
    <HStack gap="2" wrap="wrap">
      <Button colorPalette="brand" size="sm" onClick={() => setPending({ kind: 'link' })} disabled={busy !== null || types.length === 0}>
        {IMAGES_TEXT.linkImages}
      </Button>
      <Menu.Root lazyMount unmountOnExit onSelect={({ value }) => setPending({ kind: 'unlink', type: value === ALL ? undefined : value })}>
        <Menu.Trigger asChild>
          <Button variant="outline" size="sm" disabled={busy !== null || types.length === 0}>
            {IMAGES_TEXT.unlinkImages} <span aria-hidden="true">▾</span>
          </Button>
        </Menu.Trigger>
        {/* Not portalled: the open menu stays inside the page's main landmark. */}
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value={ALL}>{IMAGES_TEXT.unlinkAll}</Menu.Item>
            {types.map((type) => (
              <Menu.Item key={type} value={type}>
                {IMAGES_TEXT.unlinkType(type)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <InfoTooltip label={IMAGES_TEXT.help} content={IMAGES_TEXT.helpText} />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'link' ? IMAGES_TEXT.linkConfirmTitle : IMAGES_TEXT.unlinkConfirmTitle}
        confirmLabel={pending?.kind === 'link' ? IMAGES_TEXT.linkImages : IMAGES_TEXT.unlinkImages}
        busyLabel={pending?.kind === 'link' ? IMAGES_TEXT.linking : IMAGES_TEXT.unlinking}
        busy={busy !== null}
        tone={pending?.kind === 'link' ? 'primary' : 'danger'}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setPending(null)}
      >
        {question}
      </ConfirmDialog>
    </HStack>
  );
};
