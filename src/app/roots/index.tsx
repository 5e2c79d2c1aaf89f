/** The four independent roots (SPEC.md §2) and the global styles they share. */
import type { ReactNode } from 'react';
import '../../ui/styles/tokens.css';
import '../../ui/styles/base.css';
import '../../ui/styles/utilities.css';
import '../../ui/styles/layout.css';
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
