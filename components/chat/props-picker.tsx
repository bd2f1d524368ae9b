'use client';
// Props for the next message (spec §3): the speaker (type 100) and three colourful bubbles (type 101, props_id
// 2–4). Until props are backpack items they come with membership; the server checks the same rule.
import { useTranslations } from 'next-intl';
import type { ChatRole } from '@/lib/realtime/protocol';
import type { SendProps } from './live-chat-provider';
import styles from './chat.module.css';

type Choice = { key: 'none' | 'speaker' | 'bubble2' | 'bubble3' | 'bubble4'; props: SendProps; minVip: number };

const propsChoices: readonly Choice[] = [
  { key: 'none', props: { props_type: 0, props_id: 0 }, minVip: 0 },
  { key: 'bubble2', props: { props_type: 101, props_id: 2 }, minVip: 1 },
  { key: 'bubble3', props: { props_type: 101, props_id: 3 }, minVip: 2 },
  { key: 'bubble4', props: { props_type: 101, props_id: 4 }, minVip: 3 },
  { key: 'speaker', props: { props_type: 100, props_id: 0 }, minVip: 3 },
];

/** Mirrors the server's rule (lib/server/chat/rules.ts propsAllowed) so locked props show as locked. */
function choiceAllowed(choice: Choice, viewer: { vip_level: number; role: ChatRole }): boolean {
  if (choice.key === 'speaker' && (viewer.role === 'manager' || viewer.role === 'operator')) return true;
  return viewer.vip_level >= choice.minVip;
}

type PropsPickerProps = {
  viewer: { vip_level: number; role: ChatRole };
  selected: SendProps;
  onSelect: (props: SendProps) => void;
};

export function PropsPicker({ viewer, selected, onSelect }: PropsPickerProps) {
  const t = useTranslations('chat');
  return (
    <div className={styles.popover} role="dialog" aria-label={t('panel.props')}>
      <ul className={styles.propsList}>
        {propsChoices.map((choice) => {
          const allowed = choiceAllowed(choice, viewer);
          const active = choice.props.props_type === selected.props_type && choice.props.props_id === selected.props_id;
          return (
            <li key={choice.key}>
              <button
                type="button"
                className={styles.propsChoice}
                data-props={choice.key}
                aria-pressed={active}
                disabled={!allowed}
                onClick={() => onSelect(choice.props)}
              >
                <span className={styles.propsSwatch} aria-hidden="true" />
                <span>{t(`props.${choice.key}`)}</span>
                {!allowed ? <span className={styles.lock}>{choice.key === 'speaker' ? t('props.lockedSpeaker') : t('props.locked', { level: choice.minVip })}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
