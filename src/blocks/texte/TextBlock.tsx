/** Rich-text block. */
import { RichText } from '../../ui/RichText';
import { frameClasses, statsData } from '../../ui/frame';
import type { BlockProps } from '../types';

export function TextBlock({ component }: BlockProps<'texte'>) {
  return (
    <div
      className={`${frameClasses(component.fields)} block-texte`}
      {...statsData(component.fields)}
    >
      <RichText html={component.fields.texte} />
    </div>
  );
}
