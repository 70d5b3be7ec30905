import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { PublicUser } from '../../../shared/api';
import { isId } from '../../../shared/ids';
import { isProfessional } from '../../../shared/limits';
import { useOnlineUsers, usePeople } from '../../sync/hooks';
import { useConversationSummaries } from '../../sync/read-hooks';
import { useUser } from '../auth/session';
import { DirectChat } from '../chat/Conversation';
import { filterByName } from '../chat/format';
import { ChatLayout, ListError, Sidebar } from '../chat/Layout';
import { PeopleList } from '../chat/PeopleList';
import { RequestsSection } from '../chat/RequestsSection';
import { useRequests } from '../safety/hooks';
import { usePersonOrRequester } from '../safety/people';
import { SearchBox } from '../chat/SearchBox';
import { useDirectoryRefresh } from '../chat/useDirectory';
import { CrisisAlerts } from './CrisisAlerts';
import { ReferralModal } from './ReferralModal';
import { SharedWellness } from './SharedWellness';
import { useCrisisAlerts } from './useCrisisAlerts';
import { therapistListError, therapistSidebarTitle } from './title';

/**
 * /therapist-chat (spec section 2): a professional talks with the people referred to them (the
 * server limits the users list to those), a user with therapists and whoever referred them.
 */
export function TherapistChatPage() {
  const me = useUser();
  const professional = isProfessional(me.role);
  const list = professional ? 'users' : 'therapists';
  const title = therapistSidebarTitle(me.role);
  const people = usePeople(list);
  const online = useOnlineUsers();
  const failed = useDirectoryRefresh(list);
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [showCode, setShowCode] = useState(false);
  const person = usePersonOrRequester(openId);
  // Requests from the people this screen lists (a therapist writing first to someone they were not referred to).
  const listed = new Set(people?.map((p) => p._id));
  const requests = useRequests()?.filter((r) => listed.has(r._id));
  const summaries = useConversationSummaries();
  const flagged = new Set(useCrisisAlerts().filter((a) => !a.seen).map((a) => a.client._id));

  useEffect(() => {
    if (failed && failed !== 'groups') toast.error(therapistListError(me.role));
  }, [failed, me.role]);

  function select(p: PublicUser) {
    if (!isId(p._id)) toast.error('Invalid user selected');
    else setOpenId(p._id);
  }

  const empty = professional
    ? 'No one has joined with your referral code yet. Share it from “My Referral Code”.'
    : 'No therapists are available yet.';
  const sidebar = (
    <Sidebar title={title} search={<SearchBox label={`Search ${title}`} value={query} onChange={setQuery} />}
      actions={professional && (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setShowCode(true)}>My Referral Code</button>
      )}>
      {failed && people === undefined
        ? <ListError text={professional ? 'We could not load your clients.' : 'We could not load the therapists.'} />
        : (
          <>
            {professional && <CrisisAlerts onOpen={setOpenId} />}
            <RequestsSection requests={requests} selectedId={openId} onOpen={setOpenId} />
            <PeopleList people={people && filterByName(people, query)} online={online} selectedId={openId} onSelect={select}
              emptyText={query ? 'No one matches your search.' : empty} label={title} summaries={summaries} me={me._id} flagged={flagged} />
          </>
        )}
    </Sidebar>
  );

  const main = openId
    ? <DirectChat key={openId} id={openId} person={person} onBack={() => setOpenId(null)}
      aside={professional && <SharedWellness clientId={openId} name={person?.fullName ?? 'This client'} />} />
    : (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center max-md:hidden">
        <h2 className="text-xl font-semibold">{professional ? 'Choose someone to talk with' : 'Choose a therapist'}</h2>
        <p>Conversations here are private, between the two of you.</p>
      </div>
    );

  return (
    <>
      <ChatLayout sidebar={sidebar} main={main} conversationOpen={openId !== null} />
      {showCode && <ReferralModal onClose={() => setShowCode(false)} />}
    </>
  );
}
