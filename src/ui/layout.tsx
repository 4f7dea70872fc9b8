import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import { px, type SpaceStep } from './theme';

type LayoutElement = 'div' | 'section' | 'main' | 'article' | 'header' | 'footer' | 'nav' | 'aside' | 'ul' | 'ol' | 'li' | 'form';

interface LayoutProps extends HTMLAttributes<HTMLElement> {
  as?: LayoutElement;
  ref?: Ref<HTMLElement>;
}

const ContainerBox = styled.div`
  width: 100%;
  max-width: ${({ theme }) => px(theme.sizes.containerMax)};
  margin-inline: auto;
  padding-inline: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => px(theme.space[6])};
  }

  ${({ theme }) => theme.media.desktop} {
    padding-inline: ${({ theme }) => px(theme.space[8])};
  }
`;

/** Centres page content at 1200 px with side padding that grows with the screen. */
export function Container({ as = 'div', ...rest }: LayoutProps) {
  return <ContainerBox {...rest} as={as} />;
}

export interface StackProps extends LayoutProps {
  /** Space between children, from the space scale (4 = 16 px). */
  gap?: SpaceStep;
  align?: CSSProperties['alignItems'];
}

const StackBox = styled.div<{ $gap: SpaceStep; $align: CSSProperties['alignItems'] }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $align }) => $align};
  gap: ${({ theme, $gap }) => px(theme.space[$gap])};
  min-width: 0;
  padding: 0;
  list-style: none;
`;

/** Children in a column with even gaps. */
export function Stack({ as = 'div', gap = 4, align = 'stretch', ...rest }: StackProps) {
  return <StackBox {...rest} as={as} $gap={gap} $align={align} />;
}

export interface ClusterProps extends LayoutProps {
  gap?: SpaceStep;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  /** Keep on one line (children must shrink) instead of wrapping. */
  nowrap?: boolean;
}

const ClusterBox = styled.div<{
  $gap: SpaceStep;
  $align: CSSProperties['alignItems'];
  $justify: CSSProperties['justifyContent'];
  $nowrap: boolean;
}>`
  display: flex;
  flex-wrap: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'wrap')};
  align-items: ${({ $align }) => $align};
  justify-content: ${({ $justify }) => $justify};
  gap: ${({ theme, $gap }) => px(theme.space[$gap])};
  min-width: 0;
  padding: 0;
  list-style: none;
`;

/** Children in a row that wraps on narrow screens. */
export function Cluster({ as = 'div', gap = 3, align = 'center', justify = 'flex-start', nowrap = false, ...rest }: ClusterProps) {
  return <ClusterBox {...rest} as={as} $gap={gap} $align={align} $justify={justify} $nowrap={nowrap} />;
}

/** Another name for Cluster. */
export const Row = Cluster;
export type RowProps = ClusterProps;

export interface GridProps extends LayoutProps {
  gap?: SpaceStep;
  /** Columns from the tablet width (768 px) up; a phone always gets one. */
  tabletColumns?: 2 | 3;
  /** Columns from the desktop width (1024 px) up; the tablet's count when absent. */
  desktopColumns?: 2 | 3 | 4;
  align?: CSSProperties['alignItems'];
}

const GridBox = styled.div<{ $gap: SpaceStep; $tablet: number; $desktop: number; $align: CSSProperties['alignItems'] }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  align-items: ${({ $align }) => $align};
  gap: ${({ theme, $gap }) => px(theme.space[$gap])};
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(${({ $tablet }) => $tablet}, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(${({ $desktop }) => $desktop}, minmax(0, 1fr));
  }
`;

/** Cards in equal columns: one on a phone, more from the tablet width up (a list by default). */
export function Grid({ as = 'ul', gap = 6, tabletColumns = 3, desktopColumns = tabletColumns, align = 'stretch', ...rest }: GridProps) {
  return <GridBox {...rest} as={as} $gap={gap} $tablet={tabletColumns} $desktop={desktopColumns} $align={align} />;
}
