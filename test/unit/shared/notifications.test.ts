import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { MarkAllReadResponseSchema, NotificationIdParamsSchema, NotificationListSchema, NotificationSchema } from '@shared/notifications';

const notification = {
  id: '01J9Z7Q4W5X6Y7Z8A9B0C1D2E3',
  message: 'Your post was published',
  created_at: '2030-01-02T03:04:05.000Z',
  read: false,
  workspace_id: null,
  workspace_name: null,
  post_id: null,
};

describe('NotificationSchema', () => {
  it('accepts an activity_log item with message, time and read flag (docs/product-rules.md#entities)', () => {
    expect(NotificationSchema.safeParse(notification).success).toBe(true);
  });

  it('rejects an item without a read flag', () => {
    const { read: _read, ...withoutRead } = notification;

    expect(NotificationSchema.safeParse(withoutRead).success).toBe(false);
  });

  it('rejects a creation time that is not an ISO time', () => {
    expect(NotificationSchema.safeParse({ ...notification, created_at: 'yesterday' }).success).toBe(false);
  });
});

describe('NotificationListSchema', () => {
  it('accepts a list of items', () => {
    expect(NotificationListSchema.safeParse({ items: [notification, { ...notification, read: true }] }).success).toBe(true);
  });

  it('accepts an empty list', () => {
    expect(NotificationListSchema.safeParse({ items: [] }).success).toBe(true);
  });
});

describe('NotificationIdParamsSchema', () => {
  it('accepts a ULID', () => {
    expect(NotificationIdParamsSchema.safeParse({ id: ulid() }).success).toBe(true);
  });

  it.each(['', 'abc', '01j9z7q4w5x6y7z8a9b0c1d2e3', '01J9Z7Q4W5X6Y7Z8A9B0C1D2EU', '01J9Z7Q4W5X6Y7Z8A9B0C1D2E'])(
    'rejects %j with "Unknown notification"',
    (id) => {
      const result = NotificationIdParamsSchema.safeParse({ id });

      expect(result.error?.issues.map((i) => i.message)).toEqual(['Unknown notification']);
    },
  );
});

describe('MarkAllReadResponseSchema', () => {
  it.each([0, 7])('accepts %i updated items', (updated) => {
    expect(MarkAllReadResponseSchema.safeParse({ updated }).success).toBe(true);
  });

  it.each([-1, 1.5])('rejects %s updated items', (updated) => {
    expect(MarkAllReadResponseSchema.safeParse({ updated }).success).toBe(false);
  });
});
