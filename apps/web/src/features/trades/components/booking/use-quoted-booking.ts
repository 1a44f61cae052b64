import type { TQuoteRequest } from '@clearway/contracts/endpoints/quotes.schemas';
import { useState } from 'react';
import { type FieldLabels, placeRefusal } from '../../../../lib/form-errors';
import { toGatewayError } from '../../../../lib/gateway';
import { type BookingOutcome, type LiveQuote, useQuote } from '../../api/trades.mutations';
import { useSecondsLeft } from './quote-countdown';

/** The step before booking: the checked terms, and — at the house's price — the live quote. */
export type Review<B> = {
  booking: B;
  live?: LiveQuote;
  /** The quote was refused when accepted: only a new one books. */
  spent?: boolean;
  /** Why the last Accept or Refresh quote was refused, in one sentence. */
  failure?: string | null;
};

/**
 * What a booking form does between its terms and the booked trade, shared by the trade and
 * the option forms: one Idempotency-Key per opened form (a double submit books once; a
 * refusal — nothing booked — draws a new one; an unknown outcome keeps it, so sending again
 * cannot book twice); the review of typed terms; the house's quote, its seconds counted down,
 * refreshed on demand; and the booking, at the quote when there is one.
 */
export function useQuotedBooking<B>(o: {
  /** The quote the terms ask for; null: nothing to price (a sweep). */
  quoteOf: (booking: B) => TQuoteRequest | null;
  /** Books the terms with the key, at the quote when one is given. */
  book: (booking: B, key: string, quoteId?: string) => Promise<BookingOutcome>;
  /** The form's labels and the body keys it shows under other names: a refusal reads by them. */
  labels: FieldLabels;
  fieldOf?: Readonly<Record<string, string>>;
  /** A typed booking refused: back to the form, the refusal on its fields. */
  onRefused: (err: unknown) => void;
  onBooked: (outcome: BookingOutcome) => void;
}) {
  const [key, setKey] = useState('');
  const [review, setReview] = useState<Review<B> | null>(null);
  const quote = useQuote();
  const seconds = useSecondsLeft(review?.live?.expiresAt ?? null);

  /** A refusal said in one sentence, its fields named by their labels (a review has no fields to place it on). */
  const refusalText = (err: unknown) => {
    const placed = placeRefusal(err, o.labels, o.fieldOf);
    const onFields = Object.entries(placed.fields).map(([k, m]) =>
      /^[a-z]/.test(m) ? `${o.labels[k] ?? k} ${m}` : m,
    );
    return [placed.message, ...onFields].filter(Boolean).join(' · ');
  };

  return {
    review,
    seconds,
    refreshing: quote.isPending,
    /** A fresh form: a new key, no review. */
    start() {
      setKey(crypto.randomUUID());
      setReview(null);
      quote.reset();
    },
    back: () => setReview(null),
    /** Reviews typed terms before booking them. */
    reviewTyped: (booking: B) => setReview({ booking }),
    /** Asks the house for its price for the terms; a refusal is thrown (the form places it on its fields). */
    async askQuote(booking: B) {
      const request = o.quoteOf(booking);
      if (!request) return setReview({ booking });
      setReview({ booking, live: await quote.mutateAsync(request) });
    },
    /** A new quote for the same terms (the last expired or was refused). */
    async refresh() {
      if (!review?.live) return;
      try {
        setReview({ booking: review.booking, live: await quote.mutateAsync(review.live.request) });
      } catch (err) {
        setReview({ ...review, spent: true, failure: refusalText(err) });
      }
    },
    /**
     * Books typed terms at once, for a form whose own submit is the confirmation (the option
     * form); a refusal is thrown for the form to place on its fields.
     */
    async bookTyped(booking: B) {
      let outcome: BookingOutcome;
      try {
        outcome = await o.book(booking, key);
      } catch (err) {
        if (toGatewayError(err).status < 500) setKey(crypto.randomUUID());
        throw err;
      }
      o.onBooked(outcome);
    },
    /** Books the reviewed terms (at the quote when there is one). */
    async submit() {
      if (!review) return;
      let outcome: BookingOutcome;
      try {
        outcome = await o.book(review.booking, key, review.live?.quote.quoteId);
      } catch (err) {
        const refused = toGatewayError(err).status < 500;
        if (refused) setKey(crypto.randomUUID());
        if (review.live) {
          // At a quote the terms stay on the review: a refused quote is spent (Refresh quote);
          // an unknown outcome may be sent again as it was, while the quote lives.
          setReview({ ...review, spent: review.spent || refused, failure: refusalText(err) });
          return;
        }
        setReview(null);
        o.onRefused(err);
        return;
      }
      setReview(null);
      o.onBooked(outcome);
    },
  };
}
