/**
 * The IE banner where the server renders it. Internet Explorer runs none of the site's scripts,
 * and every other browser gets no banner: its code never has to reach a browser. The server
 * provides it at start (app/server-setup.ts); in the browser this renders nothing, as the server
 * did for that browser. Its styles still come with the site's style sheet (the import below).
 */
import type { ComponentType } from 'react';
import './IeBanner.css';

let Banner: ComponentType | undefined;

export function provideIeBanner(banner: ComponentType): void {
  Banner = banner;
}

export function IeBannerOnServer() {
  return Banner ? <Banner /> : null;
}
