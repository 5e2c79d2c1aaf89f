/** The four independent roots (docs/requirements.md §2). Their global styles: start-client.tsx. */
import type { ReactNode } from 'react';
import type { MountName } from '../state';
import { BannerRoot } from './BannerRoot';
import { FooterRoot } from './FooterRoot';
import { HeaderRoot } from './HeaderRoot';
import { MainRoot } from './MainRoot';

export const ROOTS: Record<MountName, (extra?: ReactNode) => ReactNode> = {
  banner: () => <BannerRoot />,
  header: () => <HeaderRoot />,
  main: (extra) => <MainRoot>{extra}</MainRoot>,
  footer: () => <FooterRoot />,
};
