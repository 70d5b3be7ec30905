/**
 * The admin's support groups: list with members, creation, each group's guidelines (docs/community-safety.md), and
 * (beyond the spec) deletion and member removal.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminGroup, PublicUser } from '../../../shared/api';
import { GROUP_DESCRIPTION_MAX_LENGTH, GROUP_TYPES, NAME_MAX_LENGTH, type GroupType } from '../../../shared/limits';
import { describeFailureText } from '../../net/errors';
import { GROUP_TYPE_LABEL, memberCount, ROLE_LABEL } from '../../ui/labels';
import { GroupIcon } from '../chat/GroupIcon';
import { adminApi } from './adminApi';
import { ConfirmDialog } from './ConfirmDialog';
import { GuidelinesButton } from './GuidelinesEditor';



function CreateGroupForm({ onCreated }: { onCreated: () => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<GroupType | ''>('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || !type || !description.trim()) {
      toast.error('Please fill in all fields');
      return;
    }
    setBusy(true);
    try {
      await adminApi.createGroup({ name: name.trim(), type, description: description.trim() });
      toast.success(`${name.trim()} group created successfully`);
      setName('');
      setType('');
      setDescription('');
      await onCreated();
    } catch (error) {
      toast.error(await describeFailureText(error, 'Failed to create group'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="card card-border mt-3 bg-base-100" aria-labelledby="create-group-title">
      <div className="card-body gap-3 p-4">
        <h3 id="create-group-title" className="font-semibold">Create a group</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Group Name</span>
            <input className="input w-full" value={name} maxLength={NAME_MAX_LENGTH} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Group Type</span>
            <select className="select w-full" value={type} onChange={(e) => setType(e.target.value as GroupType | '')}>
              <option value="">Choose a type</option>
              {GROUP_TYPES.map((t) => <option key={t} value={t}>{GROUP_TYPE_LABEL[t]}</option>)}
            </select>
          </label>
        </div>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Description</span>
          <textarea className="textarea w-full" rows={2} value={description} maxLength={GROUP_DESCRIPTION_MAX_LENGTH}
            onChange={(e) => setDescription(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Create Group
        </button>
      </div>
    </form>
  );
}

type Pending = { kind: 'group'; group: AdminGroup } | { kind: 'member'; group: AdminGroup; member: PublicUser };

/** `groups` comes from the /admin route's loader; `onChanged` loads it again after a change. */
export function GroupsAdmin({ groups, onChanged }: { groups: AdminGroup[]; onChanged: () => Promise<unknown> }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(p: Pending) {
    setBusy(true);
    try {
      if (p.kind === 'group') {
        await adminApi.deleteGroup(p.group._id);
        toast.success(`${p.group.name} group deleted`);
      } else {
        await adminApi.removeGroupMember(p.group._id, p.member._id);
        toast.success(`${p.member.fullName} removed from ${p.group.name}`);
      }
      setPending(null);
      await onChanged();
    } catch (error) {
      toast.error(await describeFailureText(error, p.kind === 'group' ? 'Failed to delete group' : 'Failed to remove member'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="groups-admin-title" className="mt-8">
      <h2 id="groups-admin-title" className="text-xl font-semibold">Support Groups</h2>
      <CreateGroupForm onCreated={onChanged} />
      {groups.length === 0 && <p className="mt-3">No groups yet.</p>}
      <ul className="mt-3 grid gap-3 md:grid-cols-2 *:min-w-0" aria-label="Groups">
        {groups.map((g) => (
          <li key={g._id} className="card card-border bg-base-100" data-testid="admin-group">
            <div className="card-body gap-2 p-4">
              <div className="flex flex-wrap items-start gap-3">
                <GroupIcon type={g.type} className="size-7 shrink-0 text-primary" />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold wrap-anywhere">{g.name}</h3>
                  <p className="text-xs">{GROUP_TYPE_LABEL[g.type]} · {memberCount(g.members.length)}</p>
                </div>
                <button type="button" className="btn btn-error btn-sm" onClick={() => setPending({ kind: 'group', group: g })}
                  aria-label={`Delete group ${g.name}`}>Delete</button>
              </div>
              <p className="text-sm wrap-anywhere">{g.description}</p>
              <div><GuidelinesButton group={g} onChanged={onChanged} /></div>
              {g.members.length > 0 && (
                <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={`Members of ${g.name}`}>
                  {g.members.map((m) => (
                    <li key={m._id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
                      <span className="min-w-0 flex-1 truncate">{m.fullName}</span>
                      <span className="badge badge-ghost badge-sm">{ROLE_LABEL[m.role]}</span>
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setPending({ kind: 'member', group: g, member: m })}
                        aria-label={`Remove ${m.fullName} from ${g.name}`}>Remove</button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
      {pending && (
        <ConfirmDialog title={pending.kind === 'group' ? 'Delete this group?' : 'Remove this member?'}
          confirmLabel={pending.kind === 'group' ? 'Delete' : 'Remove'} danger busy={busy}
          onConfirm={() => void confirm(pending)} onCancel={() => setPending(null)}>
          {pending.kind === 'group'
            ? <p>This deletes <strong>{pending.group.name}</strong> and all of its messages for everyone. This cannot be undone.</p>
            : <p><strong>{pending.member.fullName}</strong> will leave <strong>{pending.group.name}</strong> and stop receiving its messages. They can join again.</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}

