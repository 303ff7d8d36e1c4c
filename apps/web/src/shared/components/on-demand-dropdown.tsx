import type { DropdownProps, MenuProps } from 'antd';
import {
  cloneElement,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

type DropdownComponent = ComponentType<DropdownProps>;

let loaded: DropdownComponent | undefined;
let loading: Promise<DropdownComponent> | undefined;

/** antd's Dropdown with rc-menu behind it (about 20 KB gzipped), fetched once for the whole app. */
function loadDropdown(): Promise<DropdownComponent> {
  loading ??= import('antd/es/dropdown').then((module) => {
    loaded = module.default;
    return loaded;
  });
  return loading;
}

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

export interface OnDemandDropdownProps {
  menu: MenuProps;
  placement?: DropdownProps['placement'];
  /** The button that opens the menu; it is drawn the same before and after the menu's code arrives. */
  children: ReactElement<TriggerProps>;
}

/**
 * A click-opened menu (antd Dropdown, keyboard focus moved into it) whose code is fetched when the
 * trigger is first pointed at, focused or pressed rather than with the page (decision 0014). Until
 * then the trigger is the same button on its own; it becomes the Dropdown's trigger only after it was
 * pressed, so no press is ever lost to a swap under the pointer, and the menu then opens as it would
 * have. Once the code is in, triggers mounted later are Dropdowns from the start.
 */
export function OnDemandDropdown({ menu, placement, children }: OnDemandDropdownProps) {
  const [Dropdown, setDropdown] = useState<DropdownComponent | undefined>(() => loaded);
  const [open, setOpen] = useState(false);

  if (Dropdown) {
    return (
      <Dropdown
        menu={menu}
        trigger={['click']}
        placement={placement}
        // autoFocus moves focus into the opened menu, so the keyboard can reach its items.
        autoFocus
        open={open}
        onOpenChange={setOpen}
      >
        {children}
      </Dropdown>
    );
  }

  const prefetch = () => void loadDropdown().catch(() => undefined);
  const { onClick, onPointerEnter, onFocus } = children.props;
  return cloneElement(children, {
    onPointerEnter: (event) => {
      onPointerEnter?.(event);
      prefetch();
    },
    onFocus: (event) => {
      onFocus?.(event);
      prefetch();
    },
    onClick: (event) => {
      onClick?.(event);
      void loadDropdown().then(
        (component) => {
          // Mounted open, as the press asked; its focus handling then moves into the menu.
          setDropdown(() => component);
          setOpen(true);
        },
        // Offline: the button stays a button; the next press tries again.
        () => {
          loading = undefined;
        },
      );
    },
  });
}
