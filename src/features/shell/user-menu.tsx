import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useUser } from '../../actors/hooks';
import { Icon } from '../../ui/icon';
import { Avatar } from '../../ui/primitives';
import * as s from './cabinet-layout.css';
import { bare, text } from '../../ui/layout.css';
import { t } from './strings';

/**
 * The account menu in the header: a disclosure (button with aria-expanded + a list of links), the pattern that
 * suits a short list of navigation links. Escape and a click elsewhere close it; focus goes back to the button.
 */
export function UserMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const name = user?.fio?.trim() || user?.email || t.guestName;

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className={s.menuRoot}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={s.menuButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${t.userMenu}: ${name}`}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={name} size={32} decorative />
        <span className={s.menuName}>{name}</span>
        <Icon name="chevronDown" size={16} className={s.menuChevron} />
      </button>
      <div id={panelId} className={s.menuPanel} hidden={!open}>
        <div className={s.menuHead}>
          <div className={text.strong}>{name}</div>
          {user?.email && user.email !== name && <div className={s.menuHeadEmail}>{user.email}</div>}
        </div>
        <ul className={bare}>
          <li>
            <Link to="/profile" className={s.menuItem} onClick={() => setOpen(false)}>
              <Icon name="user" size={18} />
              {t.profile}
            </Link>
          </li>
          <li>
            <Link to="/logout" className={s.menuItem} onClick={() => setOpen(false)}>
              <Icon name="logout" size={18} />
              {t.logout}
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
