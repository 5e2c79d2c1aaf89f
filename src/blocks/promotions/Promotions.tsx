/**
 * Promotions block: running (`enCours`) or ended (`terminee`) promotions within their display
 * window. Each shows its theme, its image on its side (left or right) on large screens and the
 * phone image on phones, or the ended image once over.
 */
import type { Promotion } from '../../content/models';
import { Heading, Nested } from '../../ui/Heading';
import { Picture } from '../../ui/Picture';
import { RichText } from '../../ui/RichText';
import { frameClasses, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import { useNow } from '../../ui/now';
import type { BlockProps } from '../types';
import {
  promotionImages,
  promotionTheme,
  promotionsView,
  type PromotionTheme,
  type PromotionsType,
} from './promotions-model';
import styles from './Promotions.module.css';
import { BREAKPOINTS } from '../../domain/layout';

const THEME_CLASS: Record<PromotionTheme, string | undefined> = {
  hockey: styles.themeHockey,
  soccer: styles.themeSoccer,
  bleu: styles.themeBleu,
  or: styles.themeOr,
  default: styles.themeDefault,
};

function PromotionItem({ item, type }: { item: Promotion; type: PromotionsType }) {
  const images = promotionImages(item, type);
  const classes = [
    styles.promotion,
    THEME_CLASS[promotionTheme(item.theme)],
    item.position === 'right' ? styles.right : styles.left,
    type === 'terminee' ? styles.ended : '',
    images.mobile || (images.large && images.large === item.imageMobile)
      ? styles.withPhoneImage
      : '',
  ];
  return (
    <article className={classes.filter(Boolean).join(' ')} data-theme={promotionTheme(item.theme)}>
      {images.large ? (
        <div className={styles.media}>
          <Picture
            image={images.large}
            mobile={images.mobile}
            className={styles.image}
            // A ratio hint until the image is in (the content gives no size): nothing shifts.
            width={1600}
            height={600}
            sizes={`(min-width: ${BREAKPOINTS.sm}px) 50vw, 100vw`}
          />
        </div>
      ) : null}
      <div className={styles.body}>
        {item.surTitre ? <p className={styles.overTitle}>{item.surTitre}</p> : null}
        {item.titre ? <Heading className={styles.title}>{item.titre}</Heading> : null}
        <Nested>
          <RichText html={item.information} className={styles.information} />
        </Nested>
      </div>
    </article>
  );
}

export function Promotions({ component }: BlockProps<'promotions'>) {
  const { fields, typePromotions, items } = component;
  const t = useT();
  const now = useNow();
  const view = promotionsView(typePromotions, items, now);
  if (view.kind === 'hidden') return null;
  return (
    <div
      className={`${frameClasses(fields)} ${styles.promotions}`}
      data-promotions={typePromotions}
      {...statsData(fields)}
    >
      {view.kind === 'empty' ? (
        <p className={styles.empty}>{t('promotions.aucuneEnCours')}</p>
      ) : (
        <ul className={styles.list}>
          {view.items.map((item) => (
            <li key={item.id}>
              <PromotionItem item={item} type={typePromotions} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
