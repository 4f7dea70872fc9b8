import { useEffect } from 'react';
import { closeMatchMoment, hostMatchMoment, useMatchMoment } from './match-moment';
import { MatchMomentDialog } from './MatchMomentDialog';

/** Where the match moment shows, over whatever page the like was sent from; mounted once, in the signed-in member's layer of the shell. */
export function MatchMomentHost() {
  const person = useMatchMoment();
  // A moment does not outlive the member's shell that showed it (sign-out, another account).
  useEffect(hostMatchMoment, []);
  return person ? <MatchMomentDialog key={person.id} person={person} onClose={closeMatchMoment} /> : null;
}
