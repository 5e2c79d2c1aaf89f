/** Card block: the generic block fields as a card, fluid (full width) or in the page container. */
import { useFollowsOpener } from '../../ui/first-screen';
import type { BlockProps } from '../types';
import { CardView } from '../shared/CardView';
import styles from './CardBlock.module.css';

export function CardBlock({ component }: BlockProps<'carte'>) {
  const { fields } = component;
  const eager = useFollowsOpener();
  return (
    <div className={`${fields.fluid ? 'frame-fluid' : 'frame-contained'} ${styles.frame}`}>
      <CardView fields={fields} eager={eager} />
    </div>
  );
}
