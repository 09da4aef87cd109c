import { describe, expect, it } from 'vitest';
import { isMenuItemActive, MENU_ITEMS, menuItemsFor } from './menu-items';

const item = (to: string) => {
  const found = MENU_ITEMS.find((entry) => entry.to === to);
  if (!found) throw new Error(`no menu item ${to}`);
  return found;
};

describe('menuItemsFor', () => {
  it('should give field roles only the three items visible to all', () => {
    expect(menuItemsFor('Karyakarta').map((entry) => entry.labelKey)).toEqual(['menu.voterEntry', 'menu.tasks', 'menu.notifications']);
    expect(menuItemsFor('Supervisor')).toEqual(menuItemsFor('Karyakarta'));
  });

  it('should give Super Admin and Admin all thirteen items', () => {
    expect(menuItemsFor('Admin')).toHaveLength(13);
    expect(menuItemsFor('Super Admin')).toEqual(menuItemsFor('Admin'));
  });
});

describe('isMenuItemActive', () => {
  it('should match the voter tabs by query, treating a missing tab as entry', () => {
    expect(isMenuItemActive(item('/voters?tab=entry'), '/voters', '')).toBe(true);
    expect(isMenuItemActive(item('/voters?tab=entry'), '/voters', '?tab=search')).toBe(false);
    expect(isMenuItemActive(item('/voters?tab=search'), '/voters', '?tab=search&page=2')).toBe(true);
  });

  it('should match plain paths and treat / as the dashboard', () => {
    expect(isMenuItemActive(item('/tasks'), '/tasks', '?status=Completed')).toBe(true);
    expect(isMenuItemActive(item('/dashboard'), '/', '')).toBe(true);
    expect(isMenuItemActive(item('/users'), '/tasks', '')).toBe(false);
  });
});
