/** How the media host is asked for an image's width (MEDIA_WIDTH_PARAM), handed down by context. */
import { createContext, useContext } from 'react';

/** The query parameter naming the width; undefined: the host does not resize (no `srcset`). */
export const MediaWidthParamContext = createContext<string | undefined>(undefined);

export function useMediaWidthParam(): string | undefined {
  return useContext(MediaWidthParamContext);
}
