import { type RefObject, useLayoutEffect } from 'react';

/** While open, Escape or a press outside the bar closes the menu (`setOpenOn` is a state setter); Escape inside refocuses its button. */
export function useMenuDismiss(
  open: boolean,
  setOpenOn: (openOn: undefined) => void,
  bar: RefObject<HTMLElement | null>,
  menuList: RefObject<HTMLElement | null>,
  menuButton: RefObject<HTMLElement | null>,
): void {
  // A passive effect may run a frame late: an Escape pressed right after opening (a slow phone) would find no listener.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(undefined);
      // Focus inside the menu would vanish with it.
      if (menuList.current?.contains(document.activeElement)) menuButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !bar.current?.contains(event.target)) setOpenOn(undefined);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, setOpenOn, bar, menuList, menuButton]);
}
