/**
 * Video block: the video player for `videoId`, loaded only once the visitor consents to the video
 * vendor (the consent overlay shows until then; the server never renders the player).
 */
import { videoEmbedUrl } from '../../domain/embeds';
import { ConsentGate } from '../../ui/consent/ConsentGate';
import { frameClasses, statsData } from '../../ui/frame';
import { useLocale, useT } from '../../ui/i18n';
import { usePlayerConfig } from '../../ui/players';
import type { BlockProps } from '../types';
import styles from './VideoBlock.module.css';

export function VideoBlock({ component }: BlockProps<'video'>) {
  const { fields, videoId } = component;
  const t = useT();
  const locale = useLocale();
  const { videoPlayerBase } = usePlayerConfig();
  if (!videoId || !videoPlayerBase) return null;
  const title = fields.title ?? fields.subTitle;
  return (
    <figure className={`${frameClasses(fields)} ${styles.video}`} {...statsData(fields)}>
      <ConsentGate vendor="video">
        {() => (
          <iframe
            src={videoEmbedUrl(videoPlayerBase, videoId, {
              origin: window.location.origin,
              lang: locale,
            })}
            title={title ?? t('video.lecteur')}
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        )}
      </ConsentGate>
      {title ? <figcaption className={styles.caption}>{title}</figcaption> : null}
    </figure>
  );
}
