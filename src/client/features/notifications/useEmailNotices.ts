/**
 * Whether this server sends e-mail notices (SMTP_URL): the verification page and Settings promise
 * an e-mail only when one will come. `undefined` while unknown (loading, or offline), when neither
 * promise nor denial is made.
 */
import { useEffect, useState } from 'react';
import { call } from '../../net/call';

export function useEmailNotices(): boolean | undefined {
  const [enabled, setEnabled] = useState<boolean>();
  useEffect(() => {
    let live = true;
    call('emailNotices').then(({ enabled: on }) => live && setEnabled(on), (error: unknown) => console.error('Haven: e-mail notices unknown', error));
    return () => { live = false; };
  }, []);
  return enabled;
}
