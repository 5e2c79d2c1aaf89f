/**
 * The text part of a block from its generic fields (docs/requirements.md §3): over-title, title, sub-title,
 * rich text and the call to action. Each block styles the parts with its own classes.
 */
import type { BlockFields } from '../content/models';
import { Heading, Nested } from './Heading';
import { RichText } from './RichText';
import { SmartLink } from './SmartLink';

interface BlockTextClasses {
  overTitle?: string | undefined;
  title?: string | undefined;
  subTitle?: string | undefined;
  text?: string | undefined;
  cta?: string | undefined;
}

export function BlockText({
  fields: f,
  classes,
}: {
  fields: BlockFields;
  classes: BlockTextClasses;
}) {
  return (
    <>
      {f.overTitle ? <p className={classes.overTitle}>{f.overTitle}</p> : null}
      {f.title ? <Heading className={classes.title}>{f.title}</Heading> : null}
      {f.subTitle ? <p className={classes.subTitle}>{f.subTitle}</p> : null}
      <Nested>
        <RichText html={f.texte} className={classes.text} />
      </Nested>
      {f.lien && f.texteLien ? (
        <SmartLink
          href={f.lien}
          newWindow={f.nouvelleFenetre}
          className={['button', classes.cta].filter(Boolean).join(' ')}
          statsLabel={f.labelStatsGA}
        >
          {f.texteLien}
        </SmartLink>
      ) : null}
    </>
  );
}
