import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary, PublicUser } from '../../../shared/api';
import { isId } from '../../../shared/ids';
import { useOnlineUsers, usePeople } from '../../sync/hooks';
import { useConversationSummaries } from '../../sync/read-hooks';
import { useUser } from '../auth/session';
import { useRequests } from '../safety/hooks';
import { usePersonOrRequester } from '../safety/people';
import { DirectChat, GroupChat } from './Conversation';
import { filterByName } from './format';
import { GroupsPanel } from './GroupsPanel';
import { ChatLayout, ListError, Sidebar } from './Layout';
import { GroupList } from './GroupList';
import { NotifyOffer } from '../notifications/NotifyOffer';
import { MessageTargetContext, type MessageTarget } from './messageTarget';
import { PeopleList } from './PeopleList';
import { RequestsSection } from './RequestsSection';
import { SearchBox } from './SearchBox';
import { useDirectoryRefresh, useGroupList, type DirectoryLoad } from './useDirectory';
import { useGroupActions } from './useGroupActions';

type Tab = 'direct' | 'groups';
/** The conversation open beside the lists: with a person (their id) or a group (its id). */
export type OpenConversation = { kind: 'dm' | 'group'; id: string } | null;

interface Props {
  /** ?group={groupId}, the spec's link: open that group, joining first if needed. */
  groupParam?: string;
  /**
   * The open conversation where the address holds it (the /chat routes), with `onOpen` to change
   * it; without `onOpen` the page keeps its own (shown outside those routes).
   */
  open?: OpenConversation;
  onOpen?: (next: OpenConversation) => void;
  /** The lists' refresh the route's loader started; without it the page starts one. */
  directory?: DirectoryLoad;
  /** A message the address names (?message=): the open conversation scrolls to it. */
  target?: MessageTarget | null;
}

/** /chat (spec section 2): direct messages and community support groups. */
export function ChatPage({ groupParam, open: given = null, onOpen, directory, target = null }: Props) {
  const [own, setOwn] = useState<OpenConversation>(null);
  const open = onOpen ? given : own;
  const setOpen = onOpen ?? setOwn;
  // A reload or a link that opens a group shows the list it belongs to.
  const [tab, setTab] = useState<Tab>(open?.kind === 'group' ? 'groups' : 'direct');
  const [query, setQuery] = useState('');
  const people = usePeople('users');
  const groups = useGroupList();
  const summaries = useConversationSummaries();
  const me = useUser()._id;
  const online = useOnlineUsers();
  const person = usePersonOrRequester(open?.kind === 'dm' ? open.id : null);
  const requests = useRequests();
  const group = open?.kind === 'group' ? groups?.find((g) => g._id === open.id) : undefined;
  const failed = useDirectoryRefresh('users', directory);
  const { joiningId, askToJoin, guidelines } = useGroupActions(groupParam, (id) => {
    setTab('groups');
    setOpen({ kind: 'group', id });
  });

  useEffect(() => {
    if (failed) toast.error(failed === 'groups' ? 'Failed to load groups' : 'Failed to load users');
  }, [failed]);

  function selectPerson(p: PublicUser) {
    if (!isId(p._id)) {
      toast.error('Invalid user selected');
      return;
    }
    setOpen({ kind: 'dm', id: p._id });
  }

  function openGroup(g: GroupSummary) {
    if (!isId(g._id)) {
      toast.error('Invalid group selected');
      return;
    }
    setOpen({ kind: 'group', id: g._id });
  }

  // The group's guidelines first (useGroupActions); joined, it opens.
  const joinThenOpen = (g: GroupSummary) => askToJoin(g, openGroup);

  let main;
  if (open?.kind === 'dm') main = <DirectChat key={open.id} id={open.id} person={person} onBack={() => setOpen(null)} />;
  else if (group?.isMember) main = <GroupChat key={group._id} group={group} onBack={() => setOpen(null)} />;
  else main = <GroupsPanel groups={groups} busyId={joiningId} onJoin={joinThenOpen} onOpen={openGroup} failed={failed !== null} summaries={summaries} />;
  // A group that vanished (deleted, or we were removed) falls back to the list rather than a dead chat.
  const conversationOpen = open?.kind === 'dm' || Boolean(group?.isMember);

  const sidebar = (
    <Sidebar
      tabs={[{ id: 'direct', label: 'Direct Messages' }, { id: 'groups', label: 'Groups' }]}
      tab={tab} onTab={(t) => setTab(t as Tab)}
      search={<SearchBox label={tab === 'direct' ? 'Search people' : 'Search groups'} value={query} onChange={setQuery} />}>
      {tab === 'direct'
        // The directory loads as one: whichever list failed, nothing is stored, so this list failed too.
        ? (failed && people === undefined
          ? <ListError text="We could not load the people you can message." />
          : (
            <>
              <RequestsSection requests={requests} selectedId={open?.kind === 'dm' ? open.id : null} onOpen={(id) => setOpen({ kind: 'dm', id })} />
              <PeopleList people={people && filterByName(people, query)} online={online} selectedId={open?.kind === 'dm' ? open.id : null}
                onSelect={selectPerson} emptyText={query ? 'No one matches your search.' : 'No one to message yet.'} label="People"
                summaries={summaries} me={me} />
            </>
          ))
        : (failed && groups === undefined
          ? <ListError text="We could not load the support groups." />
          : <GroupList groups={groups && filterByName(groups, query)} selectedId={open?.kind === 'group' ? open.id : null}
            busyId={joiningId} onOpen={openGroup} onJoin={joinThenOpen}
            emptyText={query ? 'No group matches your search.' : 'There are no support groups yet.'} summaries={summaries} me={me} />)}
    </Sidebar>
  );

  return (
    <>
      <ChatLayout sidebar={sidebar} main={<MessageTargetContext.Provider value={target}>{main}</MessageTargetContext.Provider>} conversationOpen={conversationOpen} />
      {guidelines}
      <NotifyOffer />
    </>
  );
}
