"""Read models built by folding the event log in global order: status and timeline."""
