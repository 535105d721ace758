import type { Locale } from 'date-fns';
import { useEffect, useState } from 'react';
import { DEFAULT_DATE_LOCALE } from '../../../common/constants';
import { loadDateLocale, loadedDateLocale } from '../../lib/format';
import { useAuthUser } from './api';

/** The date-fns locale of the signed-in user's date language, loaded on demand. */
export function useDateLocale(): Locale | undefined {
  const { user } = useAuthUser();
  const key = user?.date_locale ?? DEFAULT_DATE_LOCALE;
  const [locale, setLocale] = useState<Locale | undefined>(() => loadedDateLocale(key));
  useEffect(() => {
    let live = true;
    void loadDateLocale(key).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [key]);
  return locale;
}
