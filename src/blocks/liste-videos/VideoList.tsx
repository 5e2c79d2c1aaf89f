/**
 * Video playlist (docs/requirements.md §1, §7): a player and the list of the playlist's videos (up to 50,
 * "Deleted video" already dropped by the content client). The player loads only after consent;
 * picking a video from the list plays it (autoplay=1). A failed playlist call shows no videos.
 */
import { useEffect, useId, useState } from 'react';
import { videoEmbedUrl } from '../../domain/embeds';
import { ConsentGate, useConsent } from '../../ui/consent/ConsentGate';
import { regionProps } from '../../ui/region';
import { Heading } from '../../ui/Heading';
import { useLocale, useT } from '../../ui/i18n';
import { usePlayerConfig } from '../../ui/players';
import { useBlockData } from '../../ui/block-data';
import type { BlockProps } from '../types';
import styles from './VideoList.module.css';

export function VideoList({ component }: BlockProps<'liste-videos'>) {
  const headingId = useId();
  const t = useT();
  const locale = useLocale();
  const { videoPlayerBase } = usePlayerConfig();
  const items = useBlockData().playlists[component.playlistId ?? ''];
  const consented = useConsent('video');
  const [picked, setPicked] = useState<{ id: string; fromList: boolean } | null>(null);

  useEffect(() => {
    if (items === null)
      console.warn(`Playlist ${component.playlistId ?? ''} could not be loaded: no videos shown.`);
  }, [items, component.playlistId]);

  if (!items || items.length === 0) return null;
  const current = picked ?? { id: items[0]?.videoId ?? '', fromList: false };
  const currentTitle = items.find((v) => v.videoId === current.id)?.title ?? '';
  return (
    <section
      className={`${styles.playlist} frame-contained`}
      {...regionProps(component.fields.title, headingId)}
    >
      {component.fields.title ? (
        <Heading className={styles.title} id={headingId}>
          {component.fields.title}
        </Heading>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.player}>
          <ConsentGate vendor="video">
            {() => (
              <iframe
                src={videoEmbedUrl(videoPlayerBase, current.id, {
                  origin: window.location.origin,
                  autoplay: current.fromList,
                  lang: locale,
                })}
                title={currentTitle}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                loading="lazy"
              />
            )}
          </ConsentGate>
        </div>
        <ol className={styles.list} aria-label={t('videos.liste')}>
          {items.map((video) => (
            <li key={video.videoId}>
              <button
                type="button"
                className={styles.item}
                aria-current={video.videoId === current.id ? 'true' : undefined}
                onClick={() => setPicked({ id: video.videoId, fromList: true })}
              >
                {/* Thumbnails come from the platform: only once the visitor has accepted it. */}
                {consented && video.thumbnail ? (
                  <img
                    src={video.thumbnail}
                    alt=""
                    width={120}
                    height={68}
                    loading="lazy"
                    className={styles.thumb}
                  />
                ) : (
                  <span className={styles.thumbPlaceholder} aria-hidden="true">
                    ▶
                  </span>
                )}
                <span className={styles.itemTitle}>{video.title}</span>
              </button>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
