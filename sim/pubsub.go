package sim

// Publishing (pubsub.c). The store keeps no subscribers: PUBLISH hands
// the message to Store.Publish, with which the world delivers it over its
// network to the processes that subscribed (World.publish).

// cmdPublish ports publishCommand (pubsub.c): the number of subscribers
// that got the message.
func cmdPublish(s *Store, a []string) Reply {
	if s.Publish == nil {
		return Int(0)
	}
	return Int(s.Publish(a[1], a[2]))
}

// cmdSPublish ports spublishCommand (pubsub.c) for a store that has no
// SSUBSCRIBE: shard channels are apart from SUBSCRIBE's channels (Redis 7.0
// server.pubsubshard_channels), so a SPUBLISH reaches no one and returns 0.
// Redisson 4.x sends it instead of PUBLISH where the cluster shards pub/sub.
func cmdSPublish(s *Store, a []string) Reply { return Int(0) }
