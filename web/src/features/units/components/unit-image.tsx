import { Center, Image, Text, type ImageProps } from '@chakra-ui/react';
import { useState } from 'react';
import { UNIT_DETAIL_TEXT } from '../utils/messages';

export interface UnitImageProps extends Omit<ImageProps, 'onError'> {
  src: string;
  alt: string;
}

/** An image that falls back to the 'Image Not Found' placeholder when it cannot be loaded (spec §2). */
export const UnitImage = ({ src, alt, ...imageProps }: UnitImageProps) => {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <Center bg="bg.muted" color="fg.muted" w="full" h="full" role="img" aria-label={UNIT_DETAIL_TEXT.imageNotFound}>
        <Text fontSize="sm">{UNIT_DETAIL_TEXT.imageNotFound}</Text>
      </Center>
    );
  }
  return <Image src={src} alt={alt} onError={() => setFailed(src)} {...imageProps} />;
};
