import { ResponsiveImage, type ResponsiveImageProps } from '@/components/ui/responsive-image';
import { UNIT_DETAIL_TEXT } from '../utils/messages';

export type UnitImageProps = Omit<ResponsiveImageProps, 'notFoundLabel'>;

/** An image at the size it is shown that falls back to the 'Image Not Found' placeholder when it cannot be loaded (spec §2). */
export const UnitImage = (props: UnitImageProps) => <ResponsiveImage notFoundLabel={UNIT_DETAIL_TEXT.imageNotFound} {...props} />;
