import { describe, expect, it } from 'vitest';
import { isMenuItemActive, MENU_ITEMS, menuItemsFor } from './menu-items';

const item = (to: string) => {
  const found = MENU_ITEMS.find((entry) => entry.to === to);
  if (!found) throw new Error(`no menu item ${to}`);
  return found;
};

describe('menuItemsFor', () => {
  it('should give field roles their home first, then the three items visible to all, the walk-in queue (decision 091) (and a Supervisor the availability reports of their booths)', () => {
    expect(menuItemsFor('Karyakarta').map((entry) => entry.labelKey)).toEqual(['myVoters.menu', 'pollDay.menu.mark', 'pollDay.menu.chase', 'menu.voterEntry', 'menu.tasks', 'menu.notifications', 'menu.walkInQueue']);
    // Issue 61: a Supervisor decides the availability reports and reads the survey results of their booths.
    expect(menuItemsFor('Supervisor').map((entry) => entry.labelKey)).toEqual(['booths.menu', 'pollDay.menu.mark', 'pollDay.menu.chase', 'pollDay.menu.turnout', 'menu.voterEntry', 'menu.voterFlags', 'menu.tasks', 'menu.notifications', 'menu.walkInQueue', 'menu.surveys']);
  });

  it('should give Super Admin and Admin the twelve items of the spec, Booths, Availability Reports, the three poll-day items and Surveys', () => {
    expect(menuItemsFor('Admin')).toHaveLength(18);
    expect(menuItemsFor('Admin').map((entry) => entry.labelKey)).toContain('menu.surveys');
    expect(menuItemsFor('Admin').map((entry) => entry.labelKey)).toContain('booths.menu');
    expect(menuItemsFor('Admin').map((entry) => entry.labelKey)).not.toContain('myVoters.menu');
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

  it('should keep the list item lit on one of its records and not on a path that only starts alike', () => {
    expect(isMenuItemActive(item('/booths'), '/booths/7', '')).toBe(true);
    expect(isMenuItemActive(item('/booths'), '/boothsX', '')).toBe(false);
  });
});
