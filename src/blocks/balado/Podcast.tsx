/** Podcast player (docs/requirements.md §1, §7): the player page with the podcast id, user_id and the page's language, after consent. */
import { useId } from 'react';
import { podcastEmbedUrl } from '../../domain/embeds';
import { ConsentGate } from '../../ui/consent/ConsentGate';
import { regionProps } from '../../ui/region';
import { Heading } from '../../ui/Heading';
import { useLocale, useT } from '../../ui/i18n';
import { usePlayerConfig } from '../../ui/players';
import type { BlockProps } from '../types';
import styles from './Podcast.module.css';

export function Podcast({ component }: BlockProps<'balado'>) {
  const headingId = useId();
  const t = useT();
  const locale = useLocale();
  const { podcastPlayerUrl, podcastUserId } = usePlayerConfig();
  const title = component.fields.title ?? t('balado.titre');
  return (
    <section
      className={`${styles.podcast} frame-contained`}
      {...regionProps(component.fields.title, headingId)}
    >
      {component.fields.title ? (
        <Heading className={styles.title}>{component.fields.title}</Heading>
      ) : null}
      <ConsentGate vendor="podcast" ratio="podcast">
        {() => (
          <iframe
            src={podcastEmbedUrl(
              podcastPlayerUrl,
              component.podcastId ?? '',
              podcastUserId,
              locale,
            )}
            title={title}
            loading="lazy"
          />
        )}
      </ConsentGate>
    </section>
  );
}
