import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crudOperations, defineOperation, operationsIn, type OpData, type OpInput } from './contract.ts';
import { OPERATIONS } from './operations.ts';
import { isPermission, PERMISSION_NAMES, PERMISSIONS } from './permissions.ts';

const item = z.object({ id: z.string(), name: z.string() });

describe('defineOperation', () => {
  it('freezes the operation and keeps what it was given', () => {
    const op = defineOperation({
      id: 'thingGet',
      method: 'GET',
      path: '/api/v1/admin/thing/:id',
      audience: 'admin',
      permission: PERMISSIONS.role.list,
      tag: 'access',
      params: z.object({ id: z.uuid() }),
      response: item,
    });
    expect(Object.isFrozen(op)).toBe(true);
    expect(op.permission).toBe('role:list');
    // Types: the input needs the params; the data is the response's output.
    const input: OpInput<typeof op> = { params: { id: 'x' } };
    const data: OpData<typeof op> = { id: 'a', name: 'b' };
    expect([input, data]).toHaveLength(2);
  });

  it('refuses path parameters that are not the params, a GET body and a permission outside admin', () => {
    const base = { id: 'x', tag: 't', response: z.null(), permission: null } as const;
    expect(() => defineOperation({ ...base, method: 'GET', path: '/a/:id', audience: 'admin' })).toThrow(
      /path parameters/,
    );
    expect(() =>
      defineOperation({ ...base, method: 'GET', path: '/a', audience: 'admin', body: z.object({}) }),
    ).toThrow(/GET has no body/);
    expect(() =>
      defineOperation({
        ...base,
        method: 'POST',
        path: '/a',
        audience: 'public',
        permission: PERMISSIONS.role.add,
      }),
    ).toThrow(/permission/);
  });
});

describe('crudOperations', () => {
  it("declares the kit's paths, operationIds and permissions", () => {
    const ops = crudOperations({
      resource: 'role',
      prefix: '/api/v1/admin/role',
      tag: 'access',
      item,
      create: item.omit({ id: true }),
      update: item.omit({ id: true }).partial(),
      filters: { name: z.string() },
      sortable: true,
    });
    expect(operationsIn(ops).map((op) => [op.id, op.method, op.path, op.permission])).toEqual([
      ['roleList', 'GET', '/api/v1/admin/role', 'role:list'],
      ['roleGet', 'GET', '/api/v1/admin/role/:id', 'role:list'],
      ['roleCreate', 'POST', '/api/v1/admin/role', 'role:add'],
      ['roleUpdate', 'PATCH', '/api/v1/admin/role/:id', 'role:edit'],
      ['roleDeleteMany', 'DELETE', '/api/v1/admin/role/del', 'role:del'],
      ['roleDelete', 'DELETE', '/api/v1/admin/role/:id', 'role:del'],
      ['roleSort', 'POST', '/api/v1/admin/role/sortable', 'role:sortable'],
    ]);
    expect(ops.list.query.parse({ name: 'a' })).toEqual({ page: 1, limit: 20, name: 'a' });
    expect(ops.deleteMany.query.parse({ ids: '7d3f0c52-2b8e-4d5a-9c6f-1e2a3b4c5d6e' }).ids).toHaveLength(1);
    // A list replies a page, or the options of a select.
    expect(ops.list.response.parse({ options: [{ value: 'a', label: 'A' }] })).toEqual({
      options: [{ value: 'a', label: 'A' }],
    });
  });

  it('has no sortable operation unless asked', () => {
    const ops = crudOperations({
      resource: 'merchant',
      prefix: '/api/v1/admin/merchant',
      tag: 'tenancy',
      item,
      create: item,
      update: item,
    });
    expect(ops.sort).toBeUndefined();
    expect(operationsIn(ops)).toHaveLength(6);
  });
});

describe('the declared operations', () => {
  it('are unique and need only permissions that exist', () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length);
    for (const op of OPERATIONS) if (op.permission) expect(isPermission(op.permission), op.id).toBe(true);
  });

  it('name every permission resource:action once', () => {
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    expect(PERMISSION_NAMES.every((name) => /^[a-zA-Z]+:[a-z]+$/.test(name))).toBe(true);
    expect(isPermission('role:fly')).toBe(false);
  });
});
