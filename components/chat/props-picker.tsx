'use client';
// Props for the next line (spec §3): the speaker (type 100) and three colourful bubbles (type 101, props_id 2–4).
// Each is a backpack item a line spends; the picker shows how many the viewer holds, disables what they lack and
// links to the mall. The server checks the same rule (lib/validation/mall-constants.ts propFree) and the count.
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ChatRole } from '@/lib/realtime/protocol';
import { siteRoutes } from '@/lib/routes';
import { chatProps, propFree } from '@/lib/validation/mall-constants';
import { backpackQuery, heldCount } from '@/components/live/live-api';
import type { SendProps } from './live-chat-provider';
import styles from './chat.module.css';

const plain: SendProps = { props_type: 0, props_id: 0 };

type PropsPickerProps = {
  viewer: { id: number; role: ChatRole };
  selected: SendProps;
  onSelect: (props: SendProps) => void;
};

export function PropsPicker({ viewer, selected, onSelect }: PropsPickerProps) {
  const t = useTranslations('chat');
  const backpack = useQuery(backpackQuery(viewer.id));
  const isSelected = (props: SendProps) => props.props_type === selected.props_type && props.props_id === selected.props_id;
  return (
    <div className={styles.popover} role="dialog" aria-label={t('panel.props')}>
      <ul className={styles.propsList}>
        <li>
          <button type="button" className={styles.propsChoice} data-props="none" aria-pressed={isSelected(plain)} onClick={() => onSelect(plain)}>
            <span className={styles.propsSwatch} aria-hidden="true" />
            <span>{t('props.none')}</span>
          </button>
        </li>
        {chatProps.map((prop) => {
          const props = { props_type: prop.type, props_id: prop.propsId } as SendProps;
          const free = propFree(viewer.role, prop.type);
          const count = heldCount(backpack.data, prop.type, prop.propsId);
          const usable = free || count > 0;
          return (
            <li key={prop.key}>
              <button
                type="button"
                className={styles.propsChoice}
                data-props={prop.key}
                aria-pressed={isSelected(props)}
                disabled={!usable}
                onClick={() => onSelect(props)}
              >
                <span className={styles.propsSwatch} aria-hidden="true" />
                <span>{t(`props.${prop.key}`)}</span>
                <span className={styles.lock} data-held={count}>
                  {free ? t('props.free') : backpack.data === undefined ? '…' : count > 0 ? t('props.held', { count }) : t('props.noneHeld')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Link href={siteRoutes.mall} className={styles.propsMallLink} prefetch={false}>
        {t('props.buy')}
      </Link>
    </div>
  );
}
