import { createContext, useContext } from 'react';

/**
 * The address a picture of the content is shown at: as written, on the site; the editor's
 * preview gives its own (an upload not published yet is read through the editor's signed-in
 * route: src/content/model/contentApi.ts editorImageAddress).
 */
export const ImageAddressContext = createContext<(src: string) => string>((src) => src);

export const useImageAddress = () => useContext(ImageAddressContext);
