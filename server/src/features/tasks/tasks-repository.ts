import type { Kysely, Transaction } from 'kysely';
import type { Task, TaskPriority, TaskStatus } from '@shared/tasks/task-schema';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

// Tasks joined with the names of the assignee and the assigner, as the spec's cards show them.
function selectTasks(db: Executor) {
  return db
    .selectFrom('tasks')
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assigned_to')
    .leftJoin('users as assigner', 'assigner.id', 'tasks.assigned_by')
    .selectAll('tasks')
    .select(['assignee.full_name as assigned_to_name', 'assigner.full_name as assigned_by_name']);
}

type TaskWithNames = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

function toTaskDto(row: TaskWithNames): Task {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    assigned_to: row.assigned_to,
    assigned_by: row.assigned_by,
    assigned_to_name: row.assigned_to_name,
    assigned_by_name: row.assigned_by_name,
    due_date: row.due_date,
    start_date: row.start_date,
    priority: row.priority as TaskPriority,
    area: row.area,
    notes: row.notes,
    status: row.status as TaskStatus,
    created_at: row.created_at,
    completed_at: row.completed_at,
    version: row.version,
  };
}

// `visibleTo` undefined means every task (office roles); otherwise the tasks assigned
// to that user or by them.
export async function listTasks(db: Executor, options: { status?: TaskStatus; visibleTo?: number }): Promise<Task[]> {
  let query = selectTasks(db);
  if (options.status) query = query.where('tasks.status', '=', options.status);
  const visibleTo = options.visibleTo;
  if (visibleTo !== undefined) {
    query = query.where((eb) => eb.or([eb('tasks.assigned_to', '=', visibleTo), eb('tasks.assigned_by', '=', visibleTo)]));
  }
  const rows = await query.orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc').limit(500).execute();
  return rows.map(toTaskDto);
}

export async function findTask(db: Executor, id: number): Promise<Task | undefined> {
  const row = await selectTasks(db).where('tasks.id', '=', id).executeTakeFirst();
  return row ? toTaskDto(row) : undefined;
}

export interface NewTask {
  title: string;
  description: string | null;
  assigned_to: number;
  assigned_by: number;
  due_date: string | null;
  start_date: string | null;
  priority: TaskPriority;
  area: string | null;
  notes: string | null;
  program_id: number | null;
}

export async function insertTask(db: Executor, task: NewTask): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('tasks')
    .values({ ...task, status: 'Not Started', created_at: now, updated_at: now, completed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// Moves a task only if it is still at the version the caller read, raising it by one, so two
// people pressing Start at once cannot both succeed. Returns whether the row changed.
export async function moveTaskStatus(db: Executor, id: number, expectedVersion: number, to: TaskStatus): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('tasks')
    .set((eb) => ({ status: to, updated_at: now, completed_at: to === 'Completed' ? now : null, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTask(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', id).execute();
}
